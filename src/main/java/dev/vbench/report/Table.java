package dev.vbench.report;

import dev.vbench.text.Printable;
import java.util.ArrayList;
import java.util.List;

/**
 * A table of already formatted cells, rendered by {@link MarkdownRenderer} or {@link ConsoleRenderer}.
 *
 * @param title heading shown above the table
 * @param headers column headers
 * @param rightAligned which columns are numbers (right-aligned)
 * @param rows cell text, one list per row
 * @param footnotes lines shown under the table
 */
public record Table(
        String title,
        List<String> headers,
        List<Boolean> rightAligned,
        List<List<String>> rows,
        List<String> footnotes) {

    /**
     * Every text is kept printable ({@link Printable}): a cell from a result file or the history store that
     * holds a line break or an escape sequence shows it escaped, and cannot break the table or the terminal.
     */
    public Table {
        title = Printable.escape(title);
        headers = headers.stream().map(Printable::escape).toList();
        rightAligned = List.copyOf(rightAligned);
        rows = rows.stream()
                .map(row -> row.stream().map(Printable::escape).toList())
                .toList();
        footnotes = footnotes.stream().map(Printable::escape).toList();
    }

    /** This table with {@code more} footnote lines after its own (each once). */
    public Table withFootnotes(List<String> more) {
        List<String> all = new ArrayList<>(footnotes);
        more.stream().filter(f -> !all.contains(f)).forEach(all::add);
        return new Table(title, headers, rightAligned, rows, all);
    }

    /** Builds a table column by column, then row by row. */
    public static final class Builder {
        private final String title;
        private final List<String> headers = new ArrayList<>();
        private final List<Boolean> right = new ArrayList<>();
        private final List<List<String>> rows = new ArrayList<>();
        private final List<String> footnotes = new ArrayList<>();

        public Builder(String title) {
            this.title = title;
        }

        public Builder text(String header) {
            headers.add(header);
            right.add(false);
            return this;
        }

        public Builder number(String header) {
            headers.add(header);
            right.add(true);
            return this;
        }

        public Builder row(List<String> cells) {
            if (cells.size() != headers.size()) {
                throw new IllegalArgumentException("row has " + cells.size() + " cells, table has " + headers.size());
            }
            rows.add(cells);
            return this;
        }

        public Builder footnote(String line) {
            if (!footnotes.contains(line)) {
                footnotes.add(line);
            }
            return this;
        }

        public Table build() {
            return new Table(title, headers, right, rows, footnotes);
        }
    }
}
