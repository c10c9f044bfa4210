import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import ConvNet

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Explicit,))
model = ConvNet(nnx.Rngs(0), bn_axis="batch")
model.train()


@nnx.shard_map(mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P())
def sync_bn_loss_and_grads(model, x, y):
    def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    return jax.lax.pmean((loss, grads), "batch")


@nnx.jit
def step(model, x, y):
    return sync_bn_loss_and_grads(model, x, y)


s = NamedSharding(mesh, P("batch"))
x = jax.device_put(jnp.ones((8, 16, 16, 3)), s)
y = jax.device_put(jnp.zeros((8,), jnp.int32), s)
print(step.trace(model, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
