from pipe.stages import StageMLP, make_stacked_stages
from pipe.comm import forward_to_next
