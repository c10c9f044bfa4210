import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from losses import masked_xent

VOCAB, DIM = 64, 32


class TinyLM(eqx.Module):
    embed: eqx.nn.Embedding
    cell: eqx.nn.LSTMCell
    head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2, k3 = jr.split(key, 3)
        self.embed = eqx.nn.Embedding(VOCAB, DIM, key=k1)
        self.cell = eqx.nn.LSTMCell(DIM, DIM, key=k2)
        self.head = eqx.nn.Linear(DIM, VOCAB, key=k3)

    def __call__(self, tokens):
        def step(carry, tok):
            carry = self.cell(self.embed(tok), carry)
            return carry, self.head(carry[0])

        init = (jnp.zeros(DIM), jnp.zeros(DIM))
        _, logits = jax.lax.scan(step, init, tokens)
        return logits


def loss_fn(model, tokens, mask):
    logits = jax.vmap(model)(tokens[:, :-1])
    return masked_xent(logits, tokens[:, 1:], mask[:, 1:])


@eqx.filter_pmap(in_axes=(None, 0, 0), axis_name="batch")
def grad_step(model, tokens, mask):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, tokens, mask)
    return loss, jax.lax.psum(grads, "batch")


model = TinyLM(jr.PRNGKey(0))
n = jax.local_device_count()
tokens = jnp.zeros((n, 4, 12), jnp.int32)
mask = jnp.ones((n, 4, 12))
grad_step.lower(model, tokens, mask)
