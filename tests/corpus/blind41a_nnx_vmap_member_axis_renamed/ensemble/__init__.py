from .model import Member, MEMBER_AXIS
