import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(features=8, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = x.reshape((x.shape[0], -1))
        return nn.Dense(features=10)(x)


mesh = Mesh(np.array(jax.devices()), ("batch",))
model = CNN()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 8, 8, 1)))["params"]


def train_step(params, images, labels):
    def loss_fn(p):
        logits = model.apply({"params": p}, images)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, axis_name="batch")
    loss = jax.lax.pmean(loss, axis_name="batch")
    return loss, grads


train_step = jax.shard_map(train_step, mesh=mesh,
                           in_specs=(P(), P("batch"), P("batch")),
                           out_specs=(P(), P()))
train_step = jax.jit(train_step)

images = jnp.ones((16, 8, 8, 1))
labels = jnp.zeros((16,), jnp.int32)
print(train_step.trace(params, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:60])
