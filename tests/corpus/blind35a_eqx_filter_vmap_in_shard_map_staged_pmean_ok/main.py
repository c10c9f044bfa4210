import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.asarray(jax.devices()), axis_names=("data",))
net = eqx.nn.MLP(5, 1, 8, 1, key=jr.PRNGKey(0))
params, static = eqx.partition(net, eqx.is_array)


def per_example(params, x, y):
    model = eqx.combine(params, static)
    g = jax.grad(lambda p: jnp.sum((eqx.combine(p, static)(x) - y) ** 2))(params)
    clipped = jax.tree_util.tree_map(lambda a: jnp.clip(a, -1.0, 1.0), g)
    return lax.pmean(clipped, axis_name="example")


def dp_step(params, xs, ys):
    g = eqx.filter_vmap(per_example, in_axes=(None, 0, 0), out_axes=None, axis_name="example")(params, xs, ys)
    return lax.pmean(g, "data")


step = jax.jit(jax.shard_map(dp_step, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P(), check_vma=False))
xs = jnp.ones((8, 5))
ys = jnp.ones((8, 1))
step.trace(params, xs, ys).lower(lowering_platforms=("cuda",))
print("ok")
