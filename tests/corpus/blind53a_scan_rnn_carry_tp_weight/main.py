import functools

import jax
import jax.lax as L
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


def rnn_cell(params, h, x_t):
    h = jnp.tanh(h @ params["w_hh"] + x_t @ params["w_xh"] + params["b"])
    return h, h


@functools.partial(jax.jit, static_argnames=("reverse",))
def run_rnn(params, h0, xs, reverse=False):
    h_last, hs = L.scan(functools.partial(rnn_cell, params), h0, xs, reverse=reverse)
    return h_last, hs


B, T, D, H = 8, 12, 16, 32
s = lambda *spec: NamedSharding(mesh, P(*spec))
params = {
    "w_hh": jax.ShapeDtypeStruct((H, H), jnp.float32, sharding=s(None, "model")),
    "w_xh": jax.ShapeDtypeStruct((D, H), jnp.float32, sharding=s(None, "model")),
    "b": jax.ShapeDtypeStruct((H,), jnp.float32, sharding=s(None)),
}
h0 = jax.ShapeDtypeStruct((B, H), jnp.float32, sharding=s("data", None))
xs = jax.ShapeDtypeStruct((T, B, D), jnp.float32, sharding=s(None, "data", None))

with jax.set_mesh(mesh):
    print(run_rnn.trace(params, h0, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
