"""DDPM-style U-Net (Flax NNX) trained data-parallel under jax.shard_map, with an EMA copy of
the parameters updated after the averaged gradient step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from diffusion.unet import UNet
from diffusion.train import DATA, make_train_step

model = UNet(rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model)
ema = jax.tree.map(jnp.copy, params)
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(2e-4))
opt_state = tx.init(params)

mesh = jax.make_mesh((4,), (DATA,))
step = jax.shard_map(make_train_step(graphdef, tx), mesh=mesh,
                     in_specs=(P(), P(), P(), P(DATA), P()),
                     out_specs=(P(), P(), P(), P()))
step = jax.jit(step, donate_argnums=(0, 1, 2))

x0 = jax.device_put(jnp.zeros((8, 16, 16, 3)), NamedSharding(mesh, P(DATA)))
rng = jax.random.key(0)
lowered = step.trace(params, ema, opt_state, x0, rng).lower(lowering_platforms=("tpu",))
print("ok")
