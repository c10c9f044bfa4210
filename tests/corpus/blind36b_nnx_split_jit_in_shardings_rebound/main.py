import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from nets.model import Block

mesh = jax.make_mesh((2, 2), ("fsdp", "tp"), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
    model = Block(32, 128, nnx.Rngs(0))
graphdef, params = nnx.split(model)
param_shardings = nnx.get_named_sharding(params, mesh)
batch_sharding = NamedSharding(mesh, P("fsdp", None))


def train_step(params, x, y):
    def loss_fn(params):
        m = nnx.merge(graphdef, params)
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
    return params, loss


train_step = jax.jit(
    train_step,
    in_shardings=(param_shardings, batch_sharding, batch_sharding),
    out_shardings=(param_shardings, NamedSharding(mesh, P())),
    donate_argnums=0,
)

x = jax.device_put(jnp.ones((8, 32)), batch_sharding)
print(train_step.trace(params, x, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
