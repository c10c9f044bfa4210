"""Host batches from a numpy loader go straight into a shard_mapped step on a make_mesh mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


def data_loader(rng, batch_size=16, steps=2):
    for _ in range(steps):
        yield rng.normal(size=(batch_size, 8)).astype(np.float32), rng.integers(0, 3, size=(batch_size,))


def step(w, x, y):
    logits = x @ w
    logz = jax.nn.logsumexp(logits, axis=-1)
    nll = logz - jnp.take_along_axis(logits, y[:, None], axis=-1)[:, 0]
    return jax.lax.pmean(nll.mean(), "data")


step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P()))

w = jnp.zeros((8, 3))
for x, y in data_loader(np.random.default_rng(0)):
    x, y = jnp.asarray(x), jnp.asarray(y)
    lowered = step.trace(w, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
