from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(784, 128, rngs=rngs)
        self.l2 = nnx.Linear(128, 10, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


model = Classifier(nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
def train_step(params, images, labels):
    def loss_fn(params):
        logits = nnx.merge(graphdef, params)(images)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, "data")
    return jax.lax.pmean(loss, "data"), grads


images = jnp.ones((64, 784))
labels = jnp.zeros((64,), jnp.int32)
print(train_step.trace(params, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:80])
