package dev.rvl.readability;

import java.util.Arrays;
import java.util.List;

/**
 * Code named in the use-case table: a class under a source root and some of its members
 * (methods by name, all overloads; {@code <init>} for the constructors; nested types by
 * name), or the whole class when no member is named.
 *
 * @param root where the class lives
 * @param file the class's path under the root, without {@code .java}, e.g.
 * {@code order/OrderService}
 * @param members the member names, empty for the whole class
 */
record Part(Root root, String file, List<String> members) {

	static final String CONSTRUCTOR = "<init>";

	Part {
		members = List.copyOf(members);
	}

	/**
	 * Parses {@code "order/OrderService#place,write"} or {@code "bulk/BulkIngest"}.
	 */
	static Part of(Root root, String spec) {
		int hash = spec.indexOf('#');
		if (hash < 0) {
			return new Part(root, spec, List.of());
		}
		List<String> members = Arrays.stream(spec.substring(hash + 1).split(",")).map(String::strip).toList();
		return new Part(root, spec.substring(0, hash), members);
	}

	String className() {
		return this.file.substring(this.file.lastIndexOf('/') + 1);
	}

	boolean wholeClass() {
		return this.members.isEmpty();
	}

	String sourcePath() {
		return this.root.path() + "/" + this.file + ".java";
	}

}
