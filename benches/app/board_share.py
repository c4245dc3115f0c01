"""How much of a 1280 x 800 app screenshot the board gets.

usage: python3 benches/app/board_share.py [--threshold N] [--colour R,G,B] SHOT.png...
(needs Pillow)

For each screenshot: the width of the area between the side panels (the
run of columns at y = 45 that share the centre column's background) and
the width of what is drawn in it (columns with any pixel off that
background by more than N, summed over red, green and blue; N = 40 by
default), each as a share of the window's width.

--threshold 15 counts the dungeon map's rock (its sprite is only a few
levels off the background), so the dungeon's drawn map is the whole map.
--colour R,G,B measures a board of one colour instead (the domino felt,
24,90,58, which reaches the top bar: it has no background run at y = 45):
the columns in which that colour appears, from the first to the last.
"""
import sys
from PIL import Image


def measure(path, threshold):
    im = Image.open(path).convert("RGB")
    w, h = im.size
    px = im.load()
    bg = px[w // 2, 45]
    left = right = w // 2
    while left > 0 and px[left - 1, 45] == bg:
        left -= 1
    while right + 1 < w and px[right + 1, 45] == bg:
        right += 1
    drawn = [
        x
        for x in range(left, right + 1)
        if any(
            sum(abs(a - b) for a, b in zip(px[x, y], bg)) > threshold
            for y in range(40, h - 5, 3)
        )
    ]
    board = max(drawn) - min(drawn) + 1 if drawn else 0
    return w, right - left + 1, board


def measure_colour(path, colour):
    im = Image.open(path).convert("RGB")
    w, h = im.size
    px = im.load()
    cols = [x for x in range(w) if any(px[x, y] == colour for y in range(40, h - 5, 3))]
    board = max(cols) - min(cols) + 1 if cols else 0
    return w, board, min(cols, default=0)


args = sys.argv[1:]
threshold, colour = 40, None
while args and args[0].startswith("--"):
    flag, value = args[0], args[1]
    args = args[2:]
    if flag == "--threshold":
        threshold = int(value)
    elif flag == "--colour":
        colour = tuple(int(c) for c in value.split(","))
    else:
        sys.exit(f"unknown flag {flag}")

for p in args:
    if colour:
        w, board, x0 = measure_colour(p, colour)
        print(f"{p}: {colour} from x = {x0} to {x0 + board - 1}, {board} px ({100 * board / w:.1f} %)")
    else:
        w, area, board = measure(p, threshold)
        print(f"{p}: area {area} px ({100 * area / w:.1f} %), drawn {board} px ({100 * board / w:.1f} %)")
