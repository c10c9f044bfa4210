import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from dist.reducers import make_grad_reducer, make_param_gatherer

mesh = Mesh(jax.devices()[:4], ("dp",))

gather_params = make_param_gatherer("dp")
reduce_grads = make_grad_reducer("dp")


def predict(w, x):
    return jnp.tanh(x @ w)


@functools.partial(
    jax.shard_map, mesh=mesh, in_specs=(P("dp"), P("dp"), P("dp")), out_specs=(P(), P("dp"))
)
def fsdp_grads(w_shard, x, y):
    def loss(w_shard):
        w = gather_params(w_shard)
        return jnp.mean((predict(w, x) - y) ** 2)

    l, g = jax.value_and_grad(loss)(w_shard)
    return jax.lax.pmean(l, "dp"), g


def reduce_scatter_step(w_shard, x, y):
    l, g = fsdp_grads(w_shard, x, y)
    return l, g


@functools.partial(
    jax.shard_map, mesh=mesh, in_specs=(P(), P()), out_specs=P("dp")
)
def sum_replica_grads(g_full, scale):
    return reduce_grads(g_full) * scale


step = jax.jit(reduce_scatter_step)
finish = jax.jit(sum_replica_grads)

w = jnp.zeros((16, 8))
x = jnp.ones((32, 16))
y = jnp.ones((32, 8))
print(step.trace(w, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
print(finish.trace(jnp.ones((16, 8)), jnp.float32(0.25)).lower(lowering_platforms=("cuda",)).as_text()[:40])
