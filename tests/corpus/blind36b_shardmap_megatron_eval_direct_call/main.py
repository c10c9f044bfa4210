from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tp.layers import tp_mlp_local

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

tp_mlp = jax.shard_map(
    tp_mlp_local,
    in_specs=(P("data", None), P(None, "model"), P("model", None)),
    out_specs=P("data", None),
)


def loss(params, x):
    y = tp_mlp(x, params["w_in"], params["w_out"])
    return jnp.mean(y ** 2)


@jax.jit
def step(params, x):
    l, g = jax.value_and_grad(loss)(params, x)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, g), l


params = {
    "w_in": jax.device_put(jnp.ones((32, 128)), P(None, "model")),
    "w_out": jax.device_put(jnp.ones((128, 32)), P("model", None)),
}
x = jax.device_put(jnp.ones((8, 32)), P("data", None))


@jax.jit
def eval_step(params, x):
    return tp_mlp_local(x, params["w_in"], params["w_out"])


print(step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
print(eval_step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
