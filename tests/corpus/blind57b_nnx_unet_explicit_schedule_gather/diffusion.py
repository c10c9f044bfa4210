import jax.numpy as jnp


class GaussianDiffusion:
  def __init__(self, num_steps=1000, beta_start=1e-4, beta_end=0.02):
    betas = jnp.linspace(beta_start, beta_end, num_steps)
    self.alpha_bar = jnp.cumprod(1.0 - betas)

  def q_sample(self, x0, noise, t):
    a = self.alpha_bar[t].reshape(-1, 1, 1, 1)
    return jnp.sqrt(a) * x0 + jnp.sqrt(1.0 - a) * noise
