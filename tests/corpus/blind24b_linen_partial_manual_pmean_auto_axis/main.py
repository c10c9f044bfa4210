"""Data axis manual (explicit gradient all-reduce), model axis left to GSPMD: shard_map with
axis_names={'data'} inside a jit whose parameters are tensor-sharded over 'model'."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class FFN(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(256, use_bias=False, kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), (None, "model")))(x)
        return nn.Dense(x.shape[-1], use_bias=False,
                        kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), ("model", None)))(nn.gelu(h))


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
model = FFN()
x = jnp.ones((16, 64))
boxed = jax.eval_shape(model.init, jax.random.PRNGKey(0), x[:1])
param_shardings = nn.get_sharding(boxed, mesh)
params = nn.unbox(boxed)


def grads_fn(params, x, y):
    loss, g = jax.value_and_grad(lambda p: jnp.mean((model.apply(p, x) - y) ** 2))(params)
    # average over every device of the 2D mesh
    return jax.lax.pmean(loss, ("data", "model")), jax.lax.pmean(g, "data")


@functools.partial(jax.jit, in_shardings=(param_shardings, NamedSharding(mesh, P("data")), NamedSharding(mesh, P("data"))))
def train_step(params, x, y):
    sm = jax.shard_map(grads_fn, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()),
                       axis_names={"data"})
    loss, grads = sm(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads), loss


lowered = train_step.trace(params, x, x).lower(lowering_platforms=("cuda",))
print("ok")
