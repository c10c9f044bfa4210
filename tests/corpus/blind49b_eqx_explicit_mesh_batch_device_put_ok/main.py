import jax
import jax.numpy as jnp
import jax.random as jr

import equinox as eqx
import optax

VOCAB, EMBED, CLASSES, SEQ = 1000, 64, 5, 16

mesh = jax.make_mesh((4,), ("batch",))
jax.set_mesh(mesh)


class BagClassifier(eqx.Module):
    embed: eqx.nn.Embedding
    head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.embed = eqx.nn.Embedding(VOCAB, EMBED, key=k1)
        self.head = eqx.nn.Linear(EMBED, CLASSES, key=k2)

    def __call__(self, tokens):
        h = jax.vmap(self.embed)(tokens).mean(axis=0)
        return self.head(h)


model = BagClassifier(jr.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def loss_fn(model, tokens, labels):
    logits = jax.vmap(model)(tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@jax.shard_map(in_specs=(jax.P(), jax.P("batch"), jax.P("batch")), out_specs=jax.P())
def grads_and_loss(model, tokens, labels):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, tokens, labels)
    return jax.lax.pmean(loss, "batch"), jax.lax.pmean(grads, "batch")


def train_step(params, opt_state, tokens, labels):
    loss, grads = grads_and_loss(params, tokens, labels)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, loss


params = eqx.filter(model, eqx.is_array)
tokens = jr.randint(jr.key(1), (32, SEQ), 0, VOCAB)
labels = jr.randint(jr.key(2), (32,), 0, CLASSES)
tokens, labels = jax.device_put((tokens, labels), jax.P("batch"))

if __name__ == "__main__":
    lowered = jax.jit(train_step).trace(params, opt_state, tokens, labels).lower(
        lowering_platforms=("cuda",)
    )
    print(lowered.as_text()[:40])
