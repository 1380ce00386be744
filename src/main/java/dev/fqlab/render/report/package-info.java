/** The HTML report of an experiment: one self-contained page (inline CSS and SVG, no script, nothing fetched). */
package dev.fqlab.render.report;
