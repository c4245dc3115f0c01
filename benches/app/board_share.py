"""How much of a 1280 x 800 app screenshot the board gets.

usage: python3 benches/app/board_share.py SHOT.png...  (needs Pillow)

For each screenshot: the width of the area between the side panels (the
run of columns at y = 45 that share the centre column's background) and
the width of what is drawn in it (columns with any pixel off that
background), each as a share of the window's width.
"""
import sys
from PIL import Image


def measure(path):
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
        if any(sum(abs(a - b) for a, b in zip(px[x, y], bg)) > 40 for y in range(40, h - 5, 3))
    ]
    board = max(drawn) - min(drawn) + 1 if drawn else 0
    return w, right - left + 1, board


for p in sys.argv[1:]:
    w, area, board = measure(p)
    print(f"{p}: area {area} px ({100 * area / w:.1f} %), drawn {board} px ({100 * board / w:.1f} %)")
