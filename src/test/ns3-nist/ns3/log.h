// stub: fqlab's harness to compile ns-3's nist-error-rate-model.cc alone (no ns-3 code here)
#pragma once
#include <cassert>
#include <cstdlib>
#define NS_LOG_COMPONENT_DEFINE(x)
#define NS_OBJECT_ENSURE_REGISTERED(x)
#define NS_LOG_FUNCTION(x)
#define NS_LOG_INFO(x)
#define NS_ASSERT(x) assert(x)
#define NS_FATAL_ERROR(x) std::abort()
