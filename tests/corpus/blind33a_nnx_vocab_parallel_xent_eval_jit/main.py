import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

VOCAB, D = 256, 32


class LMHead(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.proj = nnx.Linear(D, VOCAB, use_bias=False, rngs=rngs)

    def __call__(self, tokens):
        return self.proj(self.embed(tokens))

    def vocab_parallel_xent(self, tokens, targets):
        # only meaningful inside shard_map: proj.kernel holds VOCAB // n columns
        logits = self.proj(self.embed(tokens))
        n_local = logits.shape[-1]
        start = jax.lax.axis_index("model") * n_local
        m = jax.lax.pmax(jax.lax.stop_gradient(logits.max(-1, keepdims=True)), "model")
        sumexp = jax.lax.psum(jnp.exp(logits - m).sum(-1), "model")
        local_t = targets - start
        in_range = (local_t >= 0) & (local_t < n_local)
        picked = jnp.take_along_axis(logits - m, jnp.clip(local_t, 0, n_local - 1)[..., None], -1)[..., 0]
        picked = jax.lax.psum(jnp.where(in_range, picked, 0.0), "model")
        return jnp.mean(jnp.log(sumexp) - picked)


mesh = jax.make_mesh((4,), ("model",), axis_types=(AxisType.Auto,))
model = LMHead(nnx.Rngs(0))
spec = nnx.StateSharding({nnx.PathContains("proj"): P(None, "model"), ...: P()})


@nnx.jit
def train_loss(model, tokens, targets):
    f = nnx.shard_map(
        lambda m, t, y: m.vocab_parallel_xent(t, y),
        mesh=mesh, in_specs=(spec, P(), P()), out_specs=P(),
    )
    return f(model, tokens, targets)


def eval_loss(model, tokens, targets):
    return model.vocab_parallel_xent(tokens, targets)


eval_loss = nnx.jit(eval_loss)


tokens = jnp.zeros((2, 8), jnp.int32)
train_loss.trace(model, tokens, tokens).lower(lowering_platforms=("cuda",))
eval_loss.trace(model, tokens, tokens).lower(lowering_platforms=("cuda",))
print("both lowered")
