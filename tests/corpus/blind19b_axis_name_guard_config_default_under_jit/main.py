import functools

import jax
import jax.numpy as jnp
from jax import lax

CFG = {"tp_axis": "model", "hidden": 64}


def row_parallel(x, w, axis_name=None):
    y = x @ w
    if axis_name is not None:
        y = lax.psum(y, axis_name)
    return y


def mlp(x, w1, w2, axis_name=None):
    h = jax.nn.gelu(x @ w1)
    return row_parallel(h, w2, axis_name=axis_name)


def make_eval_fn(cfg):
    fwd = functools.partial(mlp, axis_name=cfg.get("tp_axis"))
    return jax.jit(fwd)


x = jnp.ones((8, 32))
w1 = jnp.ones((32, CFG["hidden"]))
w2 = jnp.ones((CFG["hidden"], 32))
make_eval_fn(CFG).trace(x, w1, w2).lower(lowering_platforms=("cuda",))
