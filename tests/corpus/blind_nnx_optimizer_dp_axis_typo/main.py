"""NNX data-parallel training step with an nnx.Optimizer inside nnx.shard_map; the gradient
all-reduce names `batch` while the mesh axis is `data`."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ("data",))


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(784, 256, rngs=rngs)
        self.l2 = nnx.Linear(256, 10, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


@nnx.jit
def train_step(model, optimizer, x, y):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P("data"), P("data")), out_specs=P())
    def step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        grads = jax.lax.pmean(grads, "batch")
        optimizer.update(model, grads)
        return jax.lax.pmean(loss, "data")
    return step(model, optimizer, x, y)


model = Classifier(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
train_step.trace(model, optimizer, jnp.ones((64, 784)), jnp.zeros((64,), jnp.int32)).lower(
    lowering_platforms=("cuda",))
