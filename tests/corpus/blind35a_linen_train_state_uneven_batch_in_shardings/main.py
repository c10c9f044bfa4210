import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(features=8, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
        x = x.reshape((x.shape[0], -1))
        return nn.Dense(features=10)(x)


def create_train_state(rng):
    cnn = CNN()
    params = cnn.init(rng, jnp.ones([1, 8, 8, 1]))["params"]
    return train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=optax.sgd(0.1, 0.9))


def eval_step(state, images, labels):
    logits = state.apply_fn({"params": state.params}, images)
    return jnp.mean(jnp.argmax(logits, -1) == labels)


mesh = Mesh(np.array(jax.devices()), ("data",))
replicated = NamedSharding(mesh, P())
batch_sharding = NamedSharding(mesh, P("data"))
state = create_train_state(jax.random.PRNGKey(0))

eval_batch = 6
p_eval = jax.jit(eval_step, in_shardings=(replicated, batch_sharding, batch_sharding), out_shardings=replicated)
images = jnp.ones((eval_batch, 8, 8, 1))
labels = jnp.zeros((eval_batch,), jnp.int32)
p_eval.trace(state, images, labels).lower(lowering_platforms=("cuda",))
print("ok")
