# Exported from notebook: old_pmap_eval.ipynb (not migrated yet)
# %%
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax

n_dev = jax.local_device_count()

# %%
@partial(jax.pmap, axis_name="devices")
def eval_step(w, x, y):
    logits = x @ w
    correct = jnp.sum(jnp.argmax(logits, -1) == y)
    return lax.psum(correct, "devices")

# %%
# wrap the pmap in jit (recommended while migrating off pmap)
eval_step = jax.jit(eval_step)

# %%
w = jnp.zeros((n_dev, 8, 3))
x = jnp.ones((n_dev, 5, 8))
y = jnp.zeros((n_dev, 5), jnp.int32)
print(eval_step.trace(w, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
