import jax
from jax.experimental.shard import reshard

from utils.mesh import BATCH_SPEC


def ffn(params, x):
    h = jax.nn.gelu(x @ params["w_in"])       # f32[B@data, F@model]
    h = reshard(h, BATCH_SPEC)                 # gather F before the down projection
    return h @ params["w_out"]
