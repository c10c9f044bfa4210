import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from diffusion.config import ParallelConfig
from diffusion.model import Denoiser
from diffusion.train import build_step

pcfg = ParallelConfig(data=jax.device_count())
mesh = pcfg.make_mesh()

model = Denoiser(data_dim=2, width=32, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adabelief(3e-4)
opt_state = optim.init(params)

with jax.set_mesh(mesh):
    step = jax.jit(build_step(pcfg, optim, static))
    data = jnp.zeros((16, 2))
    step.trace(params, opt_state, data, jax.random.PRNGKey(1)).lower(lowering_platforms=("cuda",))
