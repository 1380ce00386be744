/** The flent data file of a result ({@link dev.fqlab.render.flent.FlentExport} documents the mapping). */
package dev.fqlab.render.flent;
