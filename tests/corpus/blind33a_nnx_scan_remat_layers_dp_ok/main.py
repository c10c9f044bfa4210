import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.sharding import AxisType, PartitionSpec as P

from model import Stack

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
model = Stack(32, 6, rngs=nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.lion(1e-4), wrt=nnx.Param)
graphdef, params, rest = nnx.split(model, nnx.Param, ...)


def grads_and_loss(params, x, y):
    def loss_fn(params):
        m = nnx.merge(graphdef, params, rest)
        return jnp.mean((m(x) - y) ** 2)

    loss, g = jax.value_and_grad(loss_fn)(params)
    return jax.lax.pmean(loss, "batch"), jax.lax.pmean(g, "batch")


grads_and_loss = jax.shard_map(
    grads_and_loss, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P())
)


@nnx.jit
def train_step(model, opt, x, y):
    loss, grads = grads_and_loss(nnx.state(model, nnx.Param), x, y)
    opt.update(model, grads)
    return loss


x = jnp.ones((16, 32))
y = jnp.zeros((16, 1))
print(train_step.trace(model, opt, x, y).lower(lowering_platforms=("cuda",)).as_text()[:25])
