import equinox as eqx
import jax
import jax.random as jr


class Classifier(eqx.Module):
    encoder: eqx.nn.MLP
    head: eqx.nn.Linear

    def __init__(self, in_size, hidden, num_classes, *, key):
        k1, k2 = jr.split(key)
        self.encoder = eqx.nn.MLP(in_size, hidden, hidden, 2, key=k1)
        self.head = eqx.nn.Linear(hidden, num_classes, key=k2)

    def __call__(self, x):
        return self.head(jax.nn.relu(self.encoder(x)))
