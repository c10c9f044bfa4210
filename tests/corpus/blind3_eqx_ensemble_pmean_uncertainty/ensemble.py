import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
    size: int = 5
    in_size: int = 4
    out_size: int = 2
    width: int = 32
    depth: int = 2
    axis_name: str = "ensemble"


class Member(eqx.Module):
    mlp: eqx.nn.MLP
    axis_name: str = eqx.field(static=True)

    def __call__(self, x):
        y = self.mlp(x)
        mean = jax.lax.pmean(y, self.axis_name)
        var = jax.lax.pmean((y - mean) ** 2, self.axis_name)
        return mean, var


def make_ensemble(cfg: EnsembleConfig, key):
    @eqx.filter_vmap
    def make_member(k):
        mlp = eqx.nn.MLP(cfg.in_size, cfg.out_size, cfg.width, cfg.depth, key=k)
        return Member(mlp, cfg.axis_name)

    return make_member(jr.split(key, cfg.size))


def predict(cfg: EnsembleConfig):
    @eqx.filter_vmap(in_axes=(eqx.if_array(0), None), axis_name=cfg.axis_name)
    def _predict(member, x):
        return member(x)

    return _predict
