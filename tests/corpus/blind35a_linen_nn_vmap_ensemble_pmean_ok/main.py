import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


class Member(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32)(x))
        logits = nn.Dense(10)(h)
        mean_logits = jax.lax.pmean(logits, axis_name="ensemble")
        return logits, mean_logits


class Ensemble(nn.Module):
    n: int = 4

    @nn.compact
    def __call__(self, x):
        VMember = nn.vmap(
            Member,
            in_axes=None,
            out_axes=0,
            variable_axes={"params": 0},
            split_rngs={"params": True},
            axis_size=self.n,
            axis_name="ensemble",
        )
        return VMember()(x)


model = Ensemble()
x = jnp.ones((16, 20))
params = model.init(jax.random.PRNGKey(0), x)["params"]
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1))
labels = jnp.zeros((16,), jnp.int32)


@jax.jit
def train_step(state, x, labels):
    def loss_fn(params):
        logits, mean_logits = state.apply_fn({"params": params}, x)
        return optax.softmax_cross_entropy_with_integer_labels(mean_logits[0], labels).mean()

    grads = jax.grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads)


train_step.trace(state, x, labels).lower(lowering_platforms=("cuda",))
print("ok")
