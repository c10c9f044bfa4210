from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((4,)), axis_names=("batch",))

model = eqx.nn.MLP(in_size=3, out_size=1, width_size=16, depth=2, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def local_loss(params, x, y):
    m = eqx.combine(params, static)
    return jnp.sum((jax.vmap(m)(x) - y) ** 2)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P()), check_rep=True)
def loss_and_grad(params, x, y):
    l, g = jax.value_and_grad(local_loss)(params, x, y)
    n = jax.lax.psum(x.shape[0], "batch")
    return jax.lax.psum(l, "batch") / n, jax.tree.map(lambda t: jax.lax.psum(t, "batch") / n, g)


x = jnp.ones((32, 3))
y = jnp.ones((32, 1))
print(loss_and_grad.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:80])
