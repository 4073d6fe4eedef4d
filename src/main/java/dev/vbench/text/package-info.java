/**
 * How vbench writes numbers in text: {@link dev.vbench.text.Numbers} is the one place for decimals,
 * percentages, p-values, byte sizes and metric values, in {@link java.util.Locale#ROOT}; and how it
 * prints text that came from outside: {@link dev.vbench.text.Printable} escapes control characters. A leaf: it
 * depends on no other vbench package, so the domain packages that write text (compare notes, diagnosis
 * lines, history reports) and the renderers all use it.
 */
package dev.vbench.text;
