import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from ring import ring_allreduce

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ("dp",))

model = eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def loss(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


def grads_local(params, x, y):
    model = eqx.combine(params, static)
    grads = eqx.filter_grad(loss)(model, x, y)
    grads = jax.tree_util.tree_map(lambda g: ring_allreduce(g, "dp", N) / N, grads)
    return eqx.filter(grads, eqx.is_array)


grads_sharded = shard_map(
    grads_local, mesh=mesh, in_specs=(P(), P("dp"), P("dp")), out_specs=P(), check_rep=False
)

step = jax.jit(grads_local)

x = jnp.ones((64, 8))
y = jnp.zeros((64, 1))
print(step.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
