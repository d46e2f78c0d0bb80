#!/bin/sh
# seed-table.sh SUDOKU [TABLE] - rewrites the puzzle column of the seed
# table (default tests/data/generate_seeds.tsv) with what `SUDOKU generate`
# prints for each row's seed and options today. Run by `make seed-table`
# after a deliberate change to the generator or to the rating (rows with a
# level depend on sudoku_rate); review the diff before committing it.
# Columns: seed, size, symmetry, level, givens (0 = minimal), puzzle.
set -eu
sudoku=$1
table=${2:-tests/data/generate_seeds.tsv}
tmp=$table.tmp
: >"$tmp"
while IFS="$(printf '\t')" read -r seed size sym level givens puzzle; do
  case "$seed" in
  '#'*|'')
    printf '%s\n' "$seed${size:+	$size}${sym:+	$sym}${level:+	$level}${givens:+	$givens}${puzzle:+	$puzzle}" >>"$tmp"
    continue ;;
  esac
  got=$("$sudoku" generate --seed "$seed" --size "$size" --symmetry "$sym" \
    --level "$level" --givens "$givens" --deadline-ms 60000)
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$seed" "$size" "$sym" "$level" "$givens" "$got" >>"$tmp"
done <"$table"
mv "$tmp" "$table"
echo "seed-table: $(grep -vc '^#' "$table") rows written to $table" >&2
