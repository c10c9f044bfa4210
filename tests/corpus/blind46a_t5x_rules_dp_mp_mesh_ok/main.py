import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.sharding import PartitionSpec as P

from partitions import set_partitions


class Attention(nn.Module):
    d: int

    @nn.compact
    def __call__(self, h):
        q, k, v = jnp.split(nn.Dense(3 * self.d, name="c_attn")(h), 3, axis=-1)
        a = nn.softmax(q @ k.swapaxes(-1, -2) / 8.0) @ v
        return nn.Dense(self.d, name="c_proj")(a)


class MLP(nn.Module):
    d: int

    @nn.compact
    def __call__(self, h):
        return nn.Dense(self.d, name="c_proj")(nn.gelu(nn.Dense(4 * self.d, name="c_fc")(h)))


class Block(nn.Module):
    d: int = 64

    @nn.compact
    def __call__(self, x):
        x = x + Attention(self.d, name="attn")(nn.LayerNorm(name="ln_1")(x))
        return x + MLP(self.d, name="mlp")(nn.LayerNorm(name="ln_2")(x))


class GPT2(nn.Module):
    vocab: int = 256
    d: int = 64

    @nn.compact
    def __call__(self, ids):
        x = nn.Embed(self.vocab, self.d, name="wte")(ids) + nn.Embed(16, self.d, name="wpe")(jnp.arange(ids.shape[1]))
        x = nn.remat(Block)(self.d, name="h_0")(x)
        return x @ self.variables["params"]["wte"]["embedding"].T


model = GPT2()
ids = jnp.zeros((8, 16), jnp.int32)
params = model.init(jax.random.key(0), ids)["params"]
param_spec = set_partitions(params)

mesh = jax.make_mesh((2, 2), ("dp", "mp"))


def train_step(params, ids):
    def loss_fn(p):
        logits = model.apply({"params": p}, ids)
        return optax.softmax_cross_entropy_with_integer_labels(logits[:, :-1], ids[:, 1:]).mean()
    loss, grads = jax.value_and_grad(loss_fn)(params)
    return jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads), loss


with jax.set_mesh(mesh):
    p_step = jax.jit(train_step, in_shardings=(param_spec, P("dp", None)), out_shardings=(param_spec, P()))
    print(p_step.trace(params, ids).lower(lowering_platforms=("cuda",)).as_text()[:40])
