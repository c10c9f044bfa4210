"""FSDP in shard_map: weights stored sharded, all_gather'd for the forward, grads psum_scatter'd."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("fsdp",), axis_types=(jax.sharding.AxisType.Explicit,))
D, H = 32, 64


def gather(p):
    return jax.lax.all_gather(p, "fsdp", axis=0, tiled=True)


def forward(params, x):
    w1, w2 = gather(params["w1"]), gather(params["w2"])
    return jax.nn.gelu(x @ w1) @ w2


def loss_fn(params, x):
    return jnp.mean((forward(params, x) - x) ** 2)


tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3))

param_spec = {"w1": P("fsdp"), "w2": P("fsdp")}
abstract_params = {"w1": jax.ShapeDtypeStruct((D, H), jnp.float32),
                   "w2": jax.ShapeDtypeStruct((H, D), jnp.float32)}
opt_spec = optax.tree_map_params(
    tx, lambda _, spec: spec, jax.eval_shape(tx.init, abstract_params), param_spec,
    transform_non_params=lambda _: P(),
)


@partial(jax.jit, donate_argnums=(0, 1))
@partial(jax.shard_map, mesh=mesh,
         in_specs=(param_spec, opt_spec, P("fsdp")), out_specs=(param_spec, opt_spec, P()),
         check_vma=False)
def train_step(params, opt_state, x):
    loss, grads = jax.value_and_grad(loss_fn)(params, x)
    loss = jax.lax.pmean(loss, "fsdp")
    grads = jax.tree.map(lambda g: g / jax.lax.psum(1, "fsdp"), grads)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


key1, key2 = jax.random.split(jax.random.key(0))
params = {
    "w1": jax.device_put(jax.random.normal(key1, (D, H)) * 0.02, NamedSharding(mesh, P("fsdp"))),
    "w2": jax.device_put(jax.random.normal(key2, (H, D)) * 0.02, NamedSharding(mesh, P("fsdp"))),
}
opt_state = tx.init(params)
opt_state = jax.device_put(opt_state, jax.tree.map(lambda s: NamedSharding(mesh, s), opt_spec))
x = jax.device_put(jnp.ones((16, D)), NamedSharding(mesh, P("fsdp")))
print(train_step.trace(params, opt_state, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
