package org.icpc.tools.contest.model.internal;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.InputStream;

import org.w3c.dom.svg.SVGDocument;

/**
 * Stand-in for icpctools' SVGUtil, which needs the Batik jar the icpctools repository stores outside
 * git: a scoreboard check reads no logos.
 */
public class SVGUtil {
	private SVGUtil() {
	}

	public static SVGDocument loadSVG(File svgFile) {
		throw new UnsupportedOperationException("SVG logos are not read by the scoreboard check");
	}

	public static SVGDocument loadSVG(String svgFile, InputStream in) {
		throw new UnsupportedOperationException("SVG logos are not read by the scoreboard check");
	}

	public static BufferedImage convertSVG(SVGDocument svg, int width, int height) {
		return null;
	}
}
