"""Written against JAX 0.6: jax.sharding.use_mesh provides the mesh to jax.shard_map."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax.sharding import PartitionSpec as P


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Conv(16, (3, 3))(x))
        x = nn.avg_pool(x, (2, 2), strides=(2, 2)).reshape(x.shape[0], -1)
        return nn.Dense(10)(x)


mesh = jax.make_mesh((4,), ("batch",))
model = CNN()
state = train_state.TrainState.create(apply_fn=model.apply,
                                      params=model.init(jax.random.PRNGKey(0), jnp.ones((1, 28, 28, 1)))["params"],
                                      tx=optax.adam(1e-3))


def local_step(state, images, labels):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, images)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    grads = jax.lax.pmean(grads, "batch")
    return state.apply_gradients(grads=grads), jax.lax.pmean(loss, "batch")


with jax.sharding.use_mesh(mesh):
    step = jax.jit(jax.shard_map(local_step, in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P())))
    images = jnp.ones((32, 28, 28, 1))
    labels = jnp.zeros((32,), jnp.int32)
    lowered = step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
print("ok")
