"""The view kit: what every game's view draws with.

text      text that always fits its box (wrap, shrink to a floor, ellipsis with the full text on hover)
hitmap    the hit map filled while drawing: key_at(pos), the shape of a key, tooltips
timeline  one animation timeline: steps in sequence or in parallel (moves, flips, fades, banners, frames)
event_steps  the step each event kind makes: a handler table by kind, one move's events played in order
timing    animation seconds read by name from a game's layout, and a step started later
groups    a hand grouped by kind of card, with each kind's count
faces     card faces composed from card YAML, rasterized once per size
table     card-table widgets: hand fan, market row, piles with count badges, stacks, counters, seat badges
overlay   hover zoom, tooltips and placing a box beside the mouse
coach     what the coach ("Teach us") says and when, from data/<game>/coach.yaml (no pygame);
coach_card  its card over the log's column and the Rule (F1) button
hint_marks  hints in the play scene: asked on the bot thread, ranked marks on the places, the reasons' panel
"""
