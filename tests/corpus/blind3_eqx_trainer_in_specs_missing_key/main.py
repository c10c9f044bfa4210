import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh

from trainer import Trainer


class Classifier(eqx.Module):
    hidden: eqx.nn.Linear
    dropout: eqx.nn.Dropout
    out: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.hidden = eqx.nn.Linear(20, 64, key=k1)
        self.dropout = eqx.nn.Dropout(0.1)
        self.out = eqx.nn.Linear(64, 10, key=k2)

    def __call__(self, x, *, key):
        return self.out(self.dropout(jax.nn.relu(self.hidden(x)), key=key))


mesh = Mesh(np.array(jax.devices()), ("data",))
trainer = Trainer(Classifier(jr.PRNGKey(0)), optax.adam(1e-3), mesh)
x = jnp.zeros((64, 20))
y = jnp.zeros((64,), jnp.int32)
trainer.lower_step(x, y, jr.PRNGKey(1), "cuda")
