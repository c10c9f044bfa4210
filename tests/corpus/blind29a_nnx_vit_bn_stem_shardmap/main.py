"""Hybrid ViT (conv stem with synchronised BatchNorm + einsum self-attention) in Flax NNX,
one data-parallel training step under jax.shard_map on an explicit-axes mesh."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class Attention(nnx.Module):
    def __init__(self, dim, heads, rngs):
        self.heads = heads
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.out = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        b, n, d = x.shape
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        q, k, v = (t.reshape(b, n, self.heads, d // self.heads) for t in (q, k, v))
        logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(d // self.heads)
        w = jax.nn.softmax(logits, axis=-1)
        o = jnp.einsum("bhqk,bkhd->bqhd", w, v).reshape(b, n, d)
        return self.out(o)


class HybridViT(nnx.Module):
    def __init__(self, rngs, dim=32, heads=4, classes=10):
        self.stem = nnx.Conv(3, dim, kernel_size=(4, 4), strides=(4, 4), rngs=rngs)
        self.bn = nnx.BatchNorm(dim, axis_name="data", rngs=rngs)
        self.ln = nnx.LayerNorm(dim, rngs=rngs)
        self.attn = Attention(dim, heads, rngs)
        self.head = nnx.Linear(dim, classes, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.stem(x)))
        b, h, w, c = x.shape
        x = x.reshape(b, h * w, c)
        x = x + self.attn(self.ln(x))
        return self.head(x.mean(axis=1))


mesh = jax.make_mesh((4,), ("data",))
model = HybridViT(nnx.Rngs(0))
graphdef, params, rest = nnx.split(model, nnx.Param, nnx.BatchStat)
tx = optax.adam(1e-3)
opt_state = tx.init(params)


def step(params, rest, opt_state, x, y):
    m = nnx.merge(graphdef, params, rest)

    def loss_fn(m):
        logits = m(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(m)
    grads = jax.lax.pmean(grads, "data")
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, nnx.state(m, nnx.BatchStat), opt_state, jax.lax.pmean(loss, "data")


sharded_step = jax.jit(jax.shard_map(
    step, mesh=mesh,
    in_specs=(P(), P(), P(), P("data"), P("data")),
    out_specs=(P(), P(), P(), P())))

x = jax.device_put(jnp.ones((8, 16, 16, 3)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.zeros((8,), jnp.int32), NamedSharding(mesh, P("data")))
lowered = sharded_step.trace(params, rest, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
