import equinox as eqx
import jax
import jax.numpy as jnp
import optax


class Classifier(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, in_size, num_classes, key):
        self.mlp = eqx.nn.MLP(in_size, num_classes, width_size=64, depth=2, key=key)

    def __call__(self, x):
        return self.mlp(x)


def loss_fn(model, x, labels):
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
