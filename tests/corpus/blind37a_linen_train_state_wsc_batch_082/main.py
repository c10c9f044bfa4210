import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))
data_sharding = NamedSharding(mesh, P("data"))


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(128)(x)
        x = nn.relu(x)
        return nn.Dense(10)(x)


model = Classifier()
state = train_state.TrainState.create(
    apply_fn=model.apply,
    params=model.init(jax.random.key(0), jnp.ones((1, 784)))["params"],
    tx=optax.adam(1e-3),
)


@jax.jit
def train_step(state, batch):
    batch = jax.lax.with_sharding_constraint(batch, data_sharding)

    def loss_fn(params):
        logits = state.apply_fn({"params": params}, batch["image"])
        return optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss


batch = {"image": np.zeros((64, 784), np.float32), "label": np.zeros((64,), np.int32)}
print(train_step.trace(state, batch).lower(lowering_platforms=("cuda",)).as_text()[:20])
