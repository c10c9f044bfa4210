"""Linen evaluation with model.apply(..., method="score"): `score` pmeans accuracy over `data`;
the factory that builds the eval step jits it with a sharded batch instead of shard_mapping it."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P


class Classifier(nn.Module):
    classes: int = 10

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.classes)(nn.relu(nn.Dense(128)(x)))

    def score(self, x, labels):
        acc = jnp.mean(jnp.argmax(self(x), -1) == labels)
        return jax.lax.pmean(acc, "data")


def make_eval_step(model, mesh):
    def eval_step(params, x, labels):
        return model.apply(params, x, labels, method="score")
    batch = jax.NamedSharding(mesh, P("data"))
    return jax.jit(eval_step, in_shardings=(jax.NamedSharding(mesh, P()), batch, batch))


model = Classifier()
params = jax.eval_shape(model.init, jax.random.key(0), jnp.ones((1, 64)))
step = make_eval_step(model, Mesh(jax.devices(), ("data",)))
step.trace(params, jnp.ones((64, 64)), jnp.zeros((64,), jnp.int32)).lower(lowering_platforms=("cuda",))
