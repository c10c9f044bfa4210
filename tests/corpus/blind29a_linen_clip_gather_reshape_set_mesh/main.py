"""CLIP-style contrastive step: untiled all_gather of both towers' embeddings reshaped into
the global batch; shard_map takes its mesh from jax.set_mesh."""
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from clip import CLIP, global_clip_loss

model = CLIP()
tx = optax.adamw(5e-4, weight_decay=0.2)
params = model.init(jax.random.PRNGKey(0), jnp.zeros((1, 8, 8, 3)), jnp.zeros((1, 16)))["params"]
opt_state = tx.init(params)


def step(params, opt_state, images, texts):
    def loss_fn(p):
        img, txt, scale = model.apply({"params": p}, images, texts)
        return global_clip_loss(img, txt, scale, "batch")

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, "batch")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "batch")


mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Explicit,))
with jax.set_mesh(mesh):
    sharded = jax.jit(jax.shard_map(step, in_specs=(P(), P(), P("batch"), P("batch")),
                                    out_specs=(P(), P(), P())))
    images = jax.device_put(jnp.ones((64, 8, 8, 3)), P("batch"))
    texts = jax.device_put(jnp.ones((64, 16)), P("batch"))
    lowered = sharded.trace(params, opt_state, images, texts).lower(lowering_platforms=("cuda",))
print("ok")
