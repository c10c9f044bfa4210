import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import ConvNet

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
model = ConvNet(nnx.Rngs(0), bn_axis="batch")
optimizer = nnx.Optimizer(model, optax.sgd(0.05, momentum=0.9), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


model.train()
s = NamedSharding(mesh, P("batch"))
x = jax.device_put(jnp.ones((8, 16, 16, 3)), s)
y = jax.device_put(jnp.zeros((8,), jnp.int32), s)
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
