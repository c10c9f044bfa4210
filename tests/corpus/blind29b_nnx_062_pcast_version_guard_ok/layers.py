import jax
import jax.numpy as jnp
from flax import nnx

if jax.__version_info__ >= (0, 8, 0):
    def to_varying(x, axis_name):
        return jax.lax.pcast(x, axis_name, to="varying")
else:
    to_varying = jax.lax.pvary


class ShardedLoss(nnx.Module):
    """Cross-entropy over a vocabulary sharded along `axis` (vocab-parallel loss)."""

    def __init__(self, d, vocab_local, axis, *, rngs):
        self.head = nnx.Linear(d, vocab_local, rngs=rngs)
        self.axis = axis

    def __call__(self, h, labels):
        logits = self.head(h)
        m = jax.lax.pmax(jax.lax.stop_gradient(logits.max(-1)), self.axis)
        z = jax.lax.psum(jnp.exp(logits - m[:, None]).sum(-1), self.axis)
        vocab_local = logits.shape[-1]
        local = labels - jax.lax.axis_index(self.axis) * vocab_local
        hit = (local >= 0) & (local < vocab_local)
        picked = jnp.take_along_axis(logits, jnp.clip(local, 0, vocab_local - 1)[:, None], 1)[:, 0]
        target = jax.lax.psum(jnp.where(hit, picked, 0.0), self.axis)
        # labels arrive replicated; mark the loss as varying before the mean over devices
        loss = to_varying(jnp.mean(jnp.log(z) + m - target), self.axis)
        return jax.lax.pmean(loss, self.axis)
