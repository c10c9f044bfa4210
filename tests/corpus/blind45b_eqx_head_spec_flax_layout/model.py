import equinox as eqx
import jax


class Classifier(eqx.Module):
    hidden: eqx.nn.Linear
    head: eqx.nn.Linear

    def __init__(self, in_size, width, n_classes, *, key):
        k1, k2 = jax.random.split(key)
        self.hidden = eqx.nn.Linear(in_size, width, key=k1)
        self.head = eqx.nn.Linear(width, n_classes, use_bias=False, key=k2)

    def __call__(self, x, reduce_fn=lambda v: v):
        h = jax.nn.relu(self.hidden(x))
        return reduce_fn(self.head(h))
