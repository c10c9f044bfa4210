import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

import zero


class Linear(eqx.Module):
    weight: jax.Array

    def __call__(self, x):
        return x @ self.weight


mesh = jax.make_mesh((4,), (zero.AXIS,), axis_types=(AxisType.Auto,))
model = Linear(jnp.zeros((10, 3)))   # 10 input features: not a multiple of 4


def zero2_step(model, shard, x, y):
    def loss_fn(m):
        return jnp.mean((jax.vmap(m)(x) - y) ** 2)

    grads = jax.grad(loss_fn)(model)
    grad_shard = zero.reduce_scatter(grads)
    new_shard = jax.tree.map(lambda p, g: p - 0.1 * g, shard, grad_shard)
    return zero.all_gather(new_shard), new_shard


step = jax.shard_map(zero2_step, mesh=mesh,
                     in_specs=(P(), P(zero.AXIS), P(zero.AXIS), P(zero.AXIS)),
                     out_specs=(P(), P(zero.AXIS)), check_vma=False)
shard = Linear(jnp.zeros((12, 3)))
x, y = jnp.ones((8, 10)), jnp.ones((8, 3))
lowered = jax.jit(step).trace(model, shard, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
