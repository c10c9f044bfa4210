"""A Linen CNN wrapped with nnx.bridge.ToNNX and trained with nnx.Optimizer under nnx.jit.

Ported from a pmap trainer; the loss helper still averages over the pmap axis."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from train_lib.losses import cross_entropy


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(16, (3, 3))(x)
        x = nn.relu(x)
        x = x.mean(axis=(1, 2))
        return nn.Dense(10)(x)


mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))

model = nnx.bridge.ToNNX(CNN(), rngs=nnx.Rngs(0)).lazy_init(jnp.ones((1, 28, 28, 1)))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, images, labels):
    def loss_fn(model):
        return cross_entropy(model(images), labels)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


images = jax.device_put(jnp.ones((16, 28, 28, 1)), NamedSharding(mesh, P('batch')))
labels = jax.device_put(jnp.zeros((16,), jnp.int32), NamedSharding(mesh, P('batch')))
lowered = train_step.trace(model, optimizer, images, labels).lower(lowering_platforms=('cuda',))
print("lowered")
