import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Classifier(eqx.Module):
    encoder: eqx.nn.MLP
    head: eqx.nn.Linear
    data_axis: str = eqx.field(static=True, default="data")

    def __init__(self, key, data_axis="data"):
        k1, k2 = jax.random.split(key)
        self.encoder = eqx.nn.MLP(20, 64, 64, 2, key=k1)
        self.head = eqx.nn.Linear(64, 5, key=k2)
        self.data_axis = data_axis

    def __call__(self, x):
        return self.head(jax.nn.relu(self.encoder(x)))

    def global_loss(self, x, y):
        """Mean loss over the whole (sharded) batch: call only inside shard_map."""
        logits = jax.vmap(self)(x)
        local = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return jax.lax.pmean(local, self.data_axis)

    def local_accuracy(self, x, y):
        return jnp.mean(jnp.argmax(jax.vmap(self)(x), -1) == y)
