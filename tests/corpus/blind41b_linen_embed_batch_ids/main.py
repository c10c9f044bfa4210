"""Linen decoder-only LM, data parallel under jax.set_mesh on JAX 0.10."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax.sharding import PartitionSpec as P

VOCAB, D = 1024, 128


class TokenEmbed(nn.Module):
    vocab: int
    features: int

    @nn.compact
    def __call__(self, ids):
        return nn.Embed(self.vocab, self.features, name="tok")(ids)


class LM(nn.Module):
    @nn.compact
    def __call__(self, ids):
        h = TokenEmbed(VOCAB, D)(ids)
        h = nn.LayerNorm()(h)
        h = h + nn.Dense(D)(nn.gelu(nn.Dense(4 * D)(h)))
        return nn.Dense(VOCAB, use_bias=False)(h)


model = LM()
tx = optax.adam(1e-3)
mesh = jax.make_mesh((4,), ("data",))


@jax.jit
def train_step(params, opt_state, ids, targets):
    def loss_fn(p):
        logits = model.apply({"params": p}, ids)
        return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


with jax.set_mesh(mesh):
    params = model.init(jax.random.key(0), jnp.zeros((1, 8), jnp.int32))["params"]
    params = jax.device_put(params, P())
    opt_state = tx.init(params)
    ids = jax.device_put(jnp.zeros((16, 64), jnp.int32), P("data", None))
    targets = jax.device_put(jnp.zeros((16, 64), jnp.int32), P("data", None))
    lowered = train_step.trace(params, opt_state, ids, targets).lower(lowering_platforms=("cuda",))
print("lowered")
