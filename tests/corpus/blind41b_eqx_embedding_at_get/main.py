"""Equinox bag-of-words classifier, data parallel on JAX 0.10's default mesh."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB, DIM, CLASSES = 2000, 64, 4


class BagOfWords(eqx.Module):
    embedding: eqx.nn.Embedding
    head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.embedding = eqx.nn.Embedding(VOCAB, DIM, key=k1)
        self.head = eqx.nn.Linear(DIM, CLASSES, key=k2)

    def __call__(self, tokens):
        # tokens: (batch, seq), batch split over "data"
        vecs = self.embedding.weight.at[tokens].get(out_sharding=P("data", None, None))
        return jax.vmap(self.head)(vecs.mean(axis=1))


mesh = jax.make_mesh((4,), ("data",))
model = BagOfWords(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(1e-3)
opt_state = optim.init(params)


@jax.jit
def step(params, opt_state, tokens, labels):
    @eqx.filter_value_and_grad
    def loss_fn(params):
        model = eqx.combine(params, static)
        logits = model(tokens)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = loss_fn(params)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state, loss


data = NamedSharding(mesh, P("data"))
tokens = jax.device_put(jnp.zeros((16, 40), jnp.int32), data)
labels = jax.device_put(jnp.zeros((16,), jnp.int32), data)
with jax.set_mesh(mesh):
    lowered = step.trace(params, opt_state, tokens, labels).lower(lowering_platforms=("cuda",))
print("lowered")
